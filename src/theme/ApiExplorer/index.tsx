// Wrapped, not ejected: the explorer shares its component with the page's skeleton, so the
// build-time samples stay in place when it replaces the skeleton (see src/components/ApiPanel).
export { default } from '@site/src/components/ApiPanel';
