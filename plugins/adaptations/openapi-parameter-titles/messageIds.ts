/** The OpenAPI theme's id for a parameter-section heading; `${id}.${location}` are the site's. */
export const parametersTitleId = 'theme.openapi.paramsDetails.parametersTitle';

/** The id of the heading of one location's parameters: path, query, header or cookie. */
export const parametersTitleIdOf = (location: string): string =>
  `${parametersTitleId}.${location.toLowerCase()}`;
