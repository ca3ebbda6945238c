/**
 * plugins/adaptations/openapi-sha1 hands the OpenAPI theme's storage helpers `CryptoJsSha1.ts` in place of
 * crypto-js. The helpers call `SHA1(message).toString()` inside a try/catch, so a replacement
 * that broke the call would go unnoticed on a page: the saved choice of security scheme would
 * just be forgotten. Here the replacement must give the library's own digests.
 */
import { createHash } from 'node:crypto';
import { test, expect } from '@playwright/test';
import CryptoJsSha1 from '../../plugins/adaptations/openapi-sha1/CryptoJsSha1';

const messages = ['', 'BearerAuth', 'ApiKeyAuth,BearerAuth', '声织'];

test('the replacement computes crypto-js SHA1 digests, as the theme calls it', () => {
  for (const message of messages) {
    const expected = createHash('sha1').update(message, 'utf8').digest('hex');
    expect(CryptoJsSha1.SHA1(message).toString(), JSON.stringify(message)).toBe(expected);
  }
});

test('the replacement offers the library default export the theme reads', async () => {
  const crypto = (await import('crypto-js')).default;
  expect(Object.keys(CryptoJsSha1)).toEqual(['SHA1']);
  expect(CryptoJsSha1.SHA1).toBe(crypto.SHA1);
});
