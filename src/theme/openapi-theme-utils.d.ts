// Types of the OpenAPI theme's utilities under the `@theme/utils/*` aliases it registers.
declare module '@theme/utils/tabsUtils' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/utils/tabsUtils';
}
declare module '@theme/utils/scrollUtils' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/utils/scrollUtils';
}
