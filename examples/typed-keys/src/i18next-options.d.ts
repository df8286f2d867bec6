// The app's own option of i18next's types, beside the file `loc export --types` writes (loc-keys.d.ts):
// its default namespace, the one its i18next.init names. The strings are in two namespaces, neither
// i18next's default `translation`, so the run that wrote the file printed this declaration to add.
import 'i18next';
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
}
