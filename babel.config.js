// Used by Docusaurus when building with Babel (webpack); kept for editors and tools.
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
