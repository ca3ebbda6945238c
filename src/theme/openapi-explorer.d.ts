// Types of the OpenAPI theme's request-editor modules that the site's wrappers use.
declare module '@theme/ApiItem/hooks' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/hooks';
}
declare module '@theme/ApiExplorer/Accept/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Accept/slice';
}
declare module '@theme/ApiExplorer/ParamOptions' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions';
}
declare module '@theme/ApiExplorer/ParamOptions/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/slice';
}
declare module '@theme/ApiExplorer/FormSelect' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/FormSelect';
}
// The method-and-path banner (src/theme replaces it), which the websocket reference shows too.
declare module '@theme/ApiExplorer/MethodEndpoint' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/MethodEndpoint';
}
// The request editor's code panel (src/theme/ApiExplorer/CodeSnippets) and what it builds on.
declare module '@theme/ApiExplorer/ApiCodeBlock' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ApiCodeBlock';
}
declare module '@theme/ApiExplorer/CodeTabs' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeTabs';
}
declare module '@theme/ApiExplorer/buildPostmanRequest' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest';
}
declare module '@theme/ApiExplorer/EncodingSelection/useResolvedEncoding' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/EncodingSelection/useResolvedEncoding';
}
