declare const CUSTOM_ID: unique symbol;

/**
 * A value the SDK's types do not list yet (a new export format, environment or distribution type the
 * service added after this version of the SDK), made with {@link customId}. The types of `exportFormat`,
 * `resourceType`, `distributionEnvironment` and `distributionType` are closed lists, so that a typo
 * (`'strings-ios'`) does not compile; this is their one way out. The SDK sends the value as it is: the
 * service decides.
 */
export type CustomId = string & { readonly [CUSTOM_ID]: true };

/**
 * Marks a value the SDK does not know yet, for a field whose type lists the known ones.
 *
 * @example
 * await loc.exports.create('acme', 'web', { exportFormat: customId('json.flat-v2') });
 */
export function customId(value: string): CustomId {
  return value as CustomId;
}
