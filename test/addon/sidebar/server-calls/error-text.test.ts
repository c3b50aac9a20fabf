import {
  errorMessage,
  failureText,
  isOverwriteQuestion,
  nextStepFor,
} from '../../../../addon/sidebar/server-calls/error-text';

describe('errorMessage', () => {
  it('drops the class prefix Apps Script puts before a thrown message', () => {
    expect(errorMessage(new Error('Exception: Budget for today reached (50 credits)'))).toBe(
      'Budget for today reached (50 credits)',
    );
    expect(errorMessage('Error: plain text')).toBe('plain text');
    expect(errorMessage(new Error(''))).toBe('Something went wrong.');
  });
});

describe('failureText', () => {
  it('says what failed and passes the server sentence on', () => {
    expect(failureText('check the input', new Error('Unknown tab "Lead": pick one of Leads, Sheet1'))).toBe(
      'Could not check the input: Unknown tab "Lead": pick one of Leads, Sheet1.',
    );
  });

  it('adds the next step to failures that come from Google rather than the add-on', () => {
    expect(failureText('connect', new Error('NetworkError: Connection failure due to HTTP 0'))).toBe(
      'Could not connect: NetworkError: Connection failure due to HTTP 0. Check your internet connection and try again.',
    );
    expect(failureText('start', new Error('Authorization is required to perform that action.'))).toBe(
      'Could not start: Authorization is required to perform that action. Reload the spreadsheet and allow Creator Sheets when Google asks.',
    );
    expect(failureText('start', new Error('Exceeded maximum execution time'))).toContain(
      'Try again; running jobs carry on where they stopped.',
    );
  });
});

describe('nextStepFor', () => {
  it('sends connection problems to Settings and budget problems to Account', () => {
    expect(nextStepFor('Not connected: open Extensions > Creator Sheets > Settings.')).toEqual({
      label: 'Open Settings',
      section: 'settings',
    });
    expect(nextStepFor('Budget for today reached (50 credits)')).toEqual({
      label: 'See the budgets',
      section: 'account',
    });
    expect(nextStepFor('Unknown tab "Lead"')).toBeNull();
  });
});

describe('isOverwriteQuestion', () => {
  it("recognises the server's refusal to write over data", () => {
    expect(
      isOverwriteQuestion(
        '37 cells of Leads!C1:H200 already hold data: confirm overwriting them, or write the results to a new tab.',
      ),
    ).toBe(true);
    expect(isOverwriteQuestion('The target range is not empty; overwrite it?')).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isOverwriteQuestion('Budget for today reached (50 credits)')).toBe(false);
    expect(isOverwriteQuestion('Not connected: open Settings')).toBe(false);
  });
});
