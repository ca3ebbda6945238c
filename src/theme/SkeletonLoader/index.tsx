// Wrapped, not ejected: the API page's large skeleton, in the server's HTML, shows the build-time
// code samples, and shares its component with the explorer (see src/components/ApiPanel).
export { default } from '@site/src/components/ApiPanel';
