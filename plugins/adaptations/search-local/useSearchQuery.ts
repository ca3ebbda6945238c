// The plugin's own hook: index.ts hands its search page this module instead.
import useIsBrowser from '@docusaurus/useIsBrowser';
import useOriginalSearchQuery from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/hooks/useSearchQuery';

/** `useSearchQuery`, whose `updateSearchPath` leaves the URL alone until the page has read it. */
export default function useSearchQuery(): ReturnType<typeof useOriginalSearchQuery> {
  const isBrowser = useIsBrowser();
  const query = useOriginalSearchQuery();
  return isBrowser ? query : { ...query, updateSearchPath: () => undefined };
}
