import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

// Registers `themeConfig.prism.additionalLanguages` on prism-react-renderer's Prism, once, when
// code is first highlighted in the browser (or on the server), instead of at start-up on every
// page (see plugins/adaptations/lazy-prism).
prismIncludeLanguages(Prism);
