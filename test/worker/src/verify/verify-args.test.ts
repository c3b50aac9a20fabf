import { parseVerifyArgs, VerifyArgsError } from '../../../../worker/src/verify/verify-args';

/** The command line of `npm run verify:live`: the cap is only ever what it says. */

describe('parseVerifyArgs', () => {
  it('caps nothing when no cap is given', () => {
    expect(parseVerifyArgs([])).toEqual({
      cap: { credits: 0, rawRequests: 0 },
      spreadsheetId: null,
      email: 'verify-live@example.com',
      help: false,
    });
  });

  it('reads each option, as --name value or --name=value', () => {
    expect(
      parseVerifyArgs([
        '--max-credits',
        '2.595',
        '--max-raw-requests=5',
        '--spreadsheet',
        '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
        '--email=someone@team.com',
      ]),
    ).toEqual({
      cap: { credits: 2.595, rawRequests: 5 },
      spreadsheetId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      email: 'someone@team.com',
      help: false,
    });
  });

  it.each([
    [['--max-credits', 'lots'], '--max-credits must be a number such as 2 or 0.5 (at most 3 decimals)'],
    [['--max-credits=-1'], '--max-credits must be a number such as 2 or 0.5 (at most 3 decimals)'],
    [['--max-raw-requests', '2.5'], '--max-raw-requests must be a whole number such as 5'],
    [
      ['--spreadsheet', 'https://docs.google.com/x'],
      '--spreadsheet must be a spreadsheet id: the part of its URL after /d/',
    ],
    [['--max-credit', '2'], "Unknown option '--max-credit'"],
  ])('refuses %j, saying why and how it is used', (argv, message) => {
    expect(() => parseVerifyArgs(argv)).toThrow(VerifyArgsError);
    expect(() => parseVerifyArgs(argv)).toThrow(message);
    expect(() => parseVerifyArgs(argv)).toThrow('npm run verify:live -- [--max-credits N]');
  });
});
