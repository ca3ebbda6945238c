// Server rendering only: the client build resolves this module to nothing (plugins/adaptations/lazy-prism),
// while the server renders every block highlighted in the same pass, so the HTML holds the lines.
export { default } from './Highlighted';
