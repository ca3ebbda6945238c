import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

/**
 * The page template of the static build (`siteConfig.ssrTemplate`): Docusaurus's own, taken from
 * core and changed only in how the app's scripts start.
 *
 * The default template loads them with `defer`: they run as soon as the HTML is parsed, which on
 * a fast network and a slow CPU is before the page is first painted, so the reader waits for the
 * app's start-up (its largest task) to see a page whose HTML is already there. Here the head only
 * preloads them, and one small inline script at the end of the body runs them, in order, once the
 * page is first painted. Without JavaScript nothing changes: the page is the server's HTML.
 * The preloads ask for low priority: nothing runs them before the first paint, so they should not
 * take bandwidth from the stylesheet the paint waits for.
 *
 * The inline script is the same on every page, so its CSP hash is one (collected from the built
 * HTML with the others, scripts/lib/nginx-site.ts).
 */

/**
 * Runs the preloaded scripts in order once the first contentful paint is on screen (the browser
 * reports it after presenting the frame, where a frame callback would run before). Where paints
 * are not reported, after the next frame; on a hidden page, at once; and in any case after 3 s.
 */
const startScripts = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[data-app-script]').forEach(function (link) {
      var script = document.createElement('script');
      script.src = link.href;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 3000);
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})();`;

/** Replaces one exact piece of core's template; the build fails if core's template changed. */
function replaceOnce(template: string, piece: string, replacement: string): string {
  if (template.split(piece).length !== 2) {
    throw new Error(`ssrTemplate: core's page template no longer holds ${piece} once`);
  }
  return template.replace(piece, () => replacement);
}

export const ssrTemplate = replaceOnce(
  replaceOnce(
    defaultTemplate,
    '<script src="<%= it.baseUrl %><%= script %>" defer></script>',
    '<link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low" data-app-script>',
  ),
  '<%~ it.postBodyTags %>',
  `<script>${startScripts}</script>\n    <%~ it.postBodyTags %>`,
);
