// The part of mark.js (which ships no types) that Mark.ts uses.
declare module 'mark.js/dist/mark.js' {
  export default class MarkJs {
    constructor(context: unknown);
    mark(keywords: string | string[], options?: Record<string, unknown>): MarkJs;
    unmark(options?: Record<string, unknown>): MarkJs;
  }
}
