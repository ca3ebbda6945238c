// crypto-js ships no types. The site imports its SHA1 module, and the whole library in a test.
declare module 'crypto-js/sha1' {
  interface WordArray {
    toString(): string;
  }
  export default function SHA1(message: string): WordArray;
}

declare module 'crypto-js' {
  const CryptoJS: { SHA1: typeof import('crypto-js/sha1').default };
  export default CryptoJS;
}
