import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import {
  PROPERTY_STORE_MAX_BYTES,
  PROPERTY_VALUE_MAX_BYTES,
} from '../../../../../worker/playground/apps-script/services/properties-service';

describe('FakePropertiesService', () => {
  it('keeps strings per store and answers null for a missing key', () => {
    const { propertiesService } = createAppsScriptFakes();
    propertiesService.getUserProperties().setProperty('key', 'user value');
    expect(propertiesService.getUserProperties().getProperty('key')).toBe('user value');
    expect(propertiesService.getScriptProperties().getProperty('key')).toBeNull();
    propertiesService.getUserProperties().deleteProperty('key');
    expect(propertiesService.getUserProperties().getProperties()).toEqual({});
  });

  it('stores other values as String(value), as Apps Script does, and refuses null', () => {
    const store = createAppsScriptFakes().propertiesService.getUserProperties();
    store.setProperty('count', 5 as unknown as string);
    store.setProperties({ settings: { a: 1 } as unknown as string, on: true as unknown as string });
    expect(store.getProperties()).toEqual({ count: '5', settings: '[object Object]', on: 'true' });
    expect(() => store.setProperty('gone', null as unknown as string)).toThrow('Invalid argument');
    expect(store.getProperty('gone')).toBeNull();
  });

  it('refuses a value over 9 KB and leaves the store as it was', () => {
    const store = createAppsScriptFakes().propertiesService.getUserProperties();
    store.setProperty('fits', 'x'.repeat(PROPERTY_VALUE_MAX_BYTES));
    // Bytes count, not characters: 3,073 three-byte characters are 9,219 bytes.
    expect(() => store.setProperty('too-big', '€'.repeat(3073))).toThrow('Argument too large: value');
    expect(store.getKeys()).toEqual(['fits']);
  });

  it('refuses to grow a store past 500 KB, keys included', () => {
    const store = createAppsScriptFakes().propertiesService.getUserProperties();
    const value = 'x'.repeat(PROPERTY_VALUE_MAX_BYTES - 10);
    const perEntry = 'k00'.length + value.length;
    const fitting = Math.floor(PROPERTY_STORE_MAX_BYTES / perEntry);
    for (let i = 0; i < fitting; i++) store.setProperty(`k${String(i).padStart(2, '0')}`, value);
    expect(() => store.setProperty('one-more', value)).toThrow('exceeded the property storage quota');
    expect(store.getKeys()).toHaveLength(fitting);
    store.setProperties({}, true);
    expect(store.getKeys()).toEqual([]);
  });

  it('is out of reach in AuthMode.NONE and within reach of a custom function, document store included', () => {
    const { propertiesService, runtime } = createAppsScriptFakes();
    expect(() => runtime.run('auth-none', () => propertiesService.getUserProperties())).toThrow(
      'You do not have permission to call PropertiesService.getUserProperties',
    );
    expect(
      runtime.run('custom-function', () => propertiesService.getUserProperties().getProperty('a')),
    ).toBeNull();
    propertiesService.document.setProperty('job', 'j1');
    expect(
      runtime.run('custom-function', () => propertiesService.getDocumentProperties().getProperty('job')),
    ).toBe('j1');
  });
});
