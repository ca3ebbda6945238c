// A webpack loader for the local search's bar and results page: their inputs carry a literal
// `aria-label="Search"`, which the server's HTML then shows in English until the wrappers rename
// it after hydration. It becomes the theme's translated label, the wrappers' own message id.
// Not one literal exactly: the build fails, so an upgrade cannot drop the name without a word.
const literal = 'aria-label="Search"';

module.exports = function namedInputs(source) {
  const found = source.split(literal).length - 1;
  if (found !== 1) {
    throw new Error(
      `[search-local] ${this.resourcePath}: expected one ${literal} to translate, found ${found}`,
    );
  }
  return source.replace(
    literal,
    "aria-label={translate({ id: 'theme.SearchBar.label', message: 'Search' })}",
  );
};
