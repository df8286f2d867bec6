// Issue 42, point 4: a message names no URL's user name, password or query, whoever wrote its text.
import { describe, expect, it } from 'vitest';
import { redactUrls } from './url';

describe('redactUrls', () => {
  it.each([
    ['No API token for http://127.0.0.1:1234.', 'No API token for http://127.0.0.1:1234.'],
    ['belongs to http://127.0.0.1:42339; the check', 'belongs to http://127.0.0.1:42339; the check'],
    [
      'request to https://cdn.example/r.zip?X-Amz-Signature=s3cr3t failed',
      'request to https://cdn.example/r.zip?… failed',
    ],
    ['(see https://u:s3cr3t@cdn.example/r.zip#s3cr3t).', '(see https://cdn.example/r.zip).'],
    ['bad http://u:s3cr3t@h:99999/x?sig=s3cr3t end', 'bad http://h:99999/x?… end'],
    ['two: https://a.example/?k=s3cr3t and https://b.example/p', 'two: https://a.example/?… and https://b.example/p'],
    ['https://h/p?', 'https://h/p?'],
  ])('%j', (text, shown) => {
    expect(redactUrls(text)).toBe(shown);
  });
});
