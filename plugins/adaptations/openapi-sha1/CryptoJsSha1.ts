// crypto-js's SHA1 alone, in the shape of the whole library's default export: `{ SHA1 }`.
import SHA1 from 'crypto-js/sha1';

export default { SHA1 };
