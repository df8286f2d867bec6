// The name a file gets in an export to another format: one rule, used by loc-mock to name its exports'
// files and by `loc` to predict them before it asks for an export.
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_ID_PATTERN, withFormatExtension } from '../src/internal';

describe('withFormatExtension', () => {
  it.each([
    ['locales/{locale}/app.yaml', 'json.nested', 'locales/{locale}/app.json'],
    ['res/values/strings.xml', 'po.gettext', 'res/values/strings.po'],
    ['en.lproj/Localizable.strings', 'stringsdict.ios', 'en.lproj/Localizable.stringsdict'],
    // Only the last extension is the file's; a dot in a folder is not one.
    ['i18n.v2/messages.en.json', 'yaml.rails', 'i18n.v2/messages.en.yml'],
    ['i18n.v2/messages', 'properties', 'i18n.v2/messages.properties'],
  ])('%s exported as %s is %s', (path, format, named) => {
    expect(withFormatExtension(path, format)).toBe(named);
  });

  it('keeps the path for a format the SDK does not know (the service passes unknown ids through)', () => {
    expect(withFormatExtension('app/strings.yaml', 'arb.flutter')).toBe('app/strings.yaml');
  });
});

describe('EXPORT_FORMAT_ID_PATTERN', () => {
  it.each(['json.standard', 'xml.android.resources', 'properties', 'json.flat-v2', 'po.gettext', 'JSON.Standard_2'])(
    'takes %s, an id of the form the service uses',
    (id) => expect(EXPORT_FORMAT_ID_PATTERN.test(id)).toBe(true),
  );
  it.each(['', 'json standard', '.json', 'json.', 'json..standard', '-json', 'json/standard', 'json\n'])(
    'refuses %j',
    (id) => expect(EXPORT_FORMAT_ID_PATTERN.test(id)).toBe(false),
  );
});
