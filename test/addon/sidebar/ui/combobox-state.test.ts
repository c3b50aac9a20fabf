import {
  choose,
  type ComboboxState,
  initialCombobox,
  lookupFailed,
  optionsArrived,
  pressKey,
  removeChosen,
  typed,
} from '../../../../addon/sidebar/ui/combobox-state';

const BERLIN = { id: 1, label: 'Berlin, Germany' };
const BERN = { id: 2, label: 'Bern, Switzerland' };
const BERGAMO = { id: 3, label: 'Bergamo, Italy' };

/** A picker whose suggestions for "ber" have arrived, list closed. */
function withSuggestions(multiple = true): ComboboxState {
  return optionsArrived(typed(initialCombobox(multiple), 'ber'), 'ber', [BERLIN, BERN, BERGAMO]);
}

function keys(state: ComboboxState, ...pressed: string[]): ComboboxState {
  return pressed.reduce((current, key) => pressKey(current, key).state, state);
}

describe('combobox state', () => {
  it('shows suggestions for what was typed, and ignores those for an older text', () => {
    const typing = typed(typed(initialCombobox(true), 'ber'), 'berl');
    expect(typing.loading).toBe(true);
    const stale = optionsArrived(typing, 'ber', [BERLIN, BERN, BERGAMO]);
    expect(stale.options).toEqual([]);
    const fresh = optionsArrived(typing, 'berl', [BERLIN]);
    expect(fresh).toMatchObject({ options: [BERLIN], expanded: true, activeIndex: -1, loading: false });
  });

  it('says so when nothing matches, and why a look-up failed', () => {
    const none = optionsArrived(typed(initialCombobox(true), 'xq '), 'xq ', []);
    expect(none).toMatchObject({ expanded: false, message: 'No match for "xq": try another spelling.' });
    const failed = lookupFailed(typed(initialCombobox(true), 'ber'), 'ber', 'Not connected: open Settings');
    expect(failed.message).toBe('Could not look up "ber": Not connected: open Settings');
  });

  it('moves through the suggestions with the arrow keys, wrapping at both ends', () => {
    let state = withSuggestions();
    const down = pressKey(state, 'ArrowDown');
    expect(down.handled).toBe(true);
    expect(down.state.activeIndex).toBe(0);
    state = keys(state, 'ArrowDown', 'ArrowDown', 'ArrowDown');
    expect(state.activeIndex).toBe(2);
    expect(keys(state, 'ArrowDown').activeIndex).toBe(0);
    expect(keys(state, 'ArrowUp', 'ArrowUp', 'ArrowUp').activeIndex).toBe(2);
    expect(keys(withSuggestions(), 'ArrowDown', 'ArrowUp').activeIndex).toBe(2);
  });

  it('opens a closed list on an arrow key, at the first or the last suggestion', () => {
    const closed = keys(withSuggestions(), 'Escape');
    expect(closed.expanded).toBe(false);
    expect(keys(closed, 'ArrowDown')).toMatchObject({ expanded: true, activeIndex: 0 });
    expect(keys(closed, 'ArrowUp')).toMatchObject({ expanded: true, activeIndex: 2 });
  });

  it('leaves the arrow keys to the page when there is nothing to move through', () => {
    const result = pressKey(initialCombobox(true), 'ArrowDown');
    expect(result.handled).toBe(false);
  });

  it('takes the highlighted suggestion on Enter as a chip, clearing the text', () => {
    const result = pressKey(keys(withSuggestions(), 'ArrowDown', 'ArrowDown'), 'Enter');
    expect(result.handled).toBe(true);
    expect(result.state).toMatchObject({ chosen: [BERN], query: '', expanded: false, options: [] });
  });

  it('leaves Enter to the page when no suggestion is highlighted', () => {
    expect(pressKey(withSuggestions(), 'Enter').handled).toBe(false);
  });

  it('keeps chosen items out of later suggestions and never adds one twice', () => {
    const chosen = choose(withSuggestions(), 0);
    const again = optionsArrived(typed(chosen, 'ber'), 'ber', [BERLIN, BERN]);
    expect(again.options).toEqual([BERN]);
    expect(choose(again, 0).chosen).toEqual([BERLIN, BERN]);
  });

  it('replaces the item of a single-choice picker', () => {
    const first = choose(withSuggestions(false), 0);
    const second = choose(optionsArrived(typed(first, 'ber'), 'ber', [BERN]), 0);
    expect(second.chosen).toEqual([BERN]);
  });

  it('closes the list on Escape, then clears the text on a second Escape', () => {
    const open = keys(withSuggestions(), 'ArrowDown');
    const once = pressKey(open, 'Escape');
    expect(once).toMatchObject({ handled: true, state: { expanded: false, query: 'ber' } });
    const twice = pressKey(once.state, 'Escape');
    expect(twice).toMatchObject({ handled: true, state: { query: '' } });
    expect(pressKey(twice.state, 'Escape').handled).toBe(false);
  });

  it('removes the last chip on Backspace in an empty field, and only then', () => {
    const two = choose(optionsArrived(typed(choose(withSuggestions(), 0), 'b'), 'b', [BERN]), 0);
    expect(two.chosen).toEqual([BERLIN, BERN]);
    const typing = typed(two, 'x');
    expect(pressKey(typing, 'Backspace')).toMatchObject({
      handled: false,
      state: { chosen: [BERLIN, BERN] },
    });
    const removed = pressKey(two, 'Backspace');
    expect(removed).toMatchObject({ handled: true, state: { chosen: [BERLIN] } });
    expect(pressKey(initialCombobox(true), 'Backspace').handled).toBe(false);
  });

  it('removes a chip by id (its remove button)', () => {
    const state = choose(optionsArrived(typed(choose(withSuggestions(), 0), 'b'), 'b', [BERN]), 0);
    expect(removeChosen(state, 1).chosen).toEqual([BERN]);
  });

  it('closes the list when focus leaves with Tab, leaving Tab to the browser', () => {
    const result = pressKey(keys(withSuggestions(), 'ArrowDown'), 'Tab');
    expect(result).toMatchObject({ handled: false, state: { expanded: false, activeIndex: -1 } });
  });

  it('clears the suggestions when the text is erased', () => {
    const erased = typed(keys(withSuggestions(), 'ArrowDown'), '  ');
    expect(erased).toMatchObject({ options: [], expanded: false, loading: false });
  });
});
