import { Dictionaries } from '../../../../worker/sandbox/data/dictionaries';
import { PersonSpace } from '../../../../worker/sandbox/data/persons';

describe('PersonSpace', () => {
  const dictionaries = new Dictionaries();
  const persons = new PersonSpace(12345, dictionaries);

  it('builds a different handle for every combination, never a brand handle or "instagram"', () => {
    const handles = new Set<string>();
    for (let id = 0; id < persons.combinations; id++) handles.add(persons.handle(id));
    expect(handles.size).toBe(persons.combinations);
    for (const brand of dictionaries.brands) expect(handles.has(brand.username)).toBe(false);
    expect(handles.has('instagram')).toBe(false);
    expect(persons.combinations).toBeGreaterThan(120_000);
  });

  it('keeps handles unique past the combinations with a numeric suffix', () => {
    const beyond = persons.handle(persons.combinations + 10);
    expect(beyond).toMatch(/2$/);
    expect(beyond.slice(0, -1)).toBe(persons.handle(10));
  });

  it('parses every handle back to its person', () => {
    for (let id = 0; id < persons.combinations; id += 97)
      expect(persons.parseHandle(persons.handle(id))).toBe(id);
    const far = 3 * persons.combinations + 1234;
    expect(persons.parseHandle(persons.handle(far))).toBe(far);
    expect(persons.parseHandle('not a handle')).toBe(-1);
    expect(persons.parseHandle(`${persons.handle(5)}1`)).toBe(-1);
  });

  it('maps creator indexes to persons and back on each platform', () => {
    for (const index of [0, 1, 999, 150_000, 400_000]) {
      for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
        expect(persons.indexOf(platform, persons.personOf(platform, index))).toBe(index);
      }
    }
    expect(persons.personOf('instagram', 5)).not.toBe(persons.personOf('tiktok', 5));
  });

  it('derives the same person from the same id, with a matching given name and gender', () => {
    const person = persons.person(4242);
    expect(persons.person(4242)).toEqual(person);
    const { name } = persons.handleParts(4242);
    expect(person.givenName).toBe(name.display);
    expect(person.gender).toBe(name.gender);
    expect(persons.handle(4242)).toContain(name.ascii);
  });

  it('gives each person an e-mail on a reserved example domain that contains the handle', () => {
    const email = persons.email(777);
    expect(email).toContain(persons.handle(777));
    expect(email).toMatch(/\.example$|@example\.(com|net|org)$/);
  });
});
