import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { DocMetadata, LoadedContent } from '@docusaurus/plugin-content-docs';
import { parse } from 'yaml';

import { decodeSamples, type StoredSample } from '../../../src/codegen/sampleFrontMatter';
import { apiSpecs, bundledSpecPath, websocketSpec } from '../../../src/data/apiSpecs';
import { codeSampleLanguages } from '../../../src/data/codeSamples';
import { llmsFullTxtPath, llmsSummary, llmsTxtPath, markdownPathOf } from '../../../src/data/llms';
import { articleMarkdown, parsePage } from './html-to-markdown';
import {
  operationMarkdown,
  operationsOf,
  prose,
  type CodeSample,
  type OpenApiDocument,
  type OperationEntry,
} from './openapi-to-markdown';

/**
 * Writes, after each production build, the files AI assistants and offline readers use:
 * `/llms.txt` (every guide and reference page, grouped by sidebar, linked to its Markdown form),
 * `/llms-full.txt` (all of them in one file) and `/x.md` beside every doc page `/x`.
 *
 * Why our own plugin: the ecosystem's two candidates were run on this site's pages.
 * `docusaurus-plugin-llms` (0.6) works from the MDX source: `{deployment.brandName}` and the
 * other expressions stay as written, and the tables and code examples the pages render from data
 * modules and imported files are lost. `@signalwire/docusaurus-plugin-llms-txt` (1.2) converts the
 * built HTML as this plugin does, but keeps the hash links and React's `<!-- -->` markers, drops
 * the code blocks' languages, turns tabs into a list of labels followed by unlabelled panels,
 * groups pages by URL depth rather than by sidebar, and leaves the operation pages (whose
 * schemas render only in the browser) nearly empty. Below is the same unified pipeline
 * (rehype-parse, rehype-remark, remark-gfm) with those cases handled, in two small modules.
 */

interface SidebarItem {
  readonly type: string;
  readonly id?: string;
  readonly items?: SidebarItem[];
  readonly link?: { readonly type: string; readonly id?: string };
}

interface Page {
  readonly title: string;
  readonly permalink: string;
  readonly description: string;
  readonly markdown: string;
}

interface Section {
  readonly label: string;
  readonly pages: Page[];
}

/** Doc ids of a sidebar, in reading order. */
function docIds(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => {
    if ((item.type === 'doc' || item.type === 'ref') && item.id) return [item.id];
    if (item.type !== 'category') return [];
    const link = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
    return [...link, ...docIds(item.items ?? [])];
  });
}

/** The navbar's label of each sidebar (`docsPluginId/sidebarId`), e.g. "API 参考". */
function sidebarLabels(themeConfig: Record<string, unknown>): Map<string, string> {
  const navbar = themeConfig.navbar as { items?: Record<string, unknown>[] } | undefined;
  return new Map(
    (navbar?.items ?? [])
      .filter((item) => item.type === 'docSidebar' && typeof item.label === 'string')
      .map((item) => [
        `${String(item.docsPluginId ?? 'default')}/${String(item.sidebarId)}`,
        String(item.label),
      ]),
  );
}

const readYaml = async (file: string): Promise<Record<string, unknown>> =>
  parse(await readFile(file, 'utf8')) as Record<string, unknown>;

export default function llmsTxtPlugin(context: LoadContext): Plugin {
  const { siteDir, siteConfig } = context;
  const absolute = (pathname: string): string => new URL(pathname, siteConfig.url).href;

  return {
    name: 'llms-txt',

    async postBuild({ outDir, plugins }) {
      const started = performance.now();
      const fileOf = (permalink: string, ext: string): string => {
        const relative = permalink.slice(siteConfig.baseUrl.length);
        return path.join(outDir, relative === '' ? `index${ext}` : `${relative}${ext}`);
      };

      // Each operation of the bundled specs, with the download URL of its document.
      const specs = await Promise.all(
        apiSpecs.map(async (spec) => ({
          spec,
          document: (await readYaml(
            path.join(siteDir, bundledSpecPath(spec.id)),
          )) as OpenApiDocument,
        })),
      );
      const operations = specs.flatMap(({ spec, document }) =>
        operationsOf(document).map((entry) => ({ entry, specUrl: absolute(spec.downloadUrl) })),
      );
      const operationAt = (versionPath: string, permalink: string) =>
        operations.find(
          ({ entry }) =>
            entry.operation['x-doc-slug'] !== undefined &&
            `${versionPath.replace(/\/$/, '')}${entry.operation['x-doc-slug']}` === permalink,
        );

      // A page's samples with their code: from its front matter, or from the built site's file
      // that the page fetches (a missing file fails the build here).
      const samplesOf = (doc: DocMetadata): Promise<CodeSample[]> =>
        Promise.all(
          decodeSamples((doc.frontMatter as { code_samples?: StoredSample[] }).code_samples).map(
            async (sample) => {
              const language = codeSampleLanguages.find((l) => l.language === sample.language);
              if (!language)
                throw new Error(
                  `llms-txt: ${doc.permalink}: no sample language ${sample.language}`,
                );
              const code =
                'code' in sample
                  ? sample.code
                  : await readFile(path.join(outDir, sample.src), 'utf8');
              return {
                language: language.language,
                label: language.label,
                highlight: language.highlight,
                code,
              };
            },
          ),
        );

      const renderPage = async (doc: DocMetadata, versionPath: string): Promise<Page> => {
        const html = await readFile(fileOf(doc.permalink, '.html'), 'utf8');
        const { tree, description } = parsePage(html);
        const pageUrl = absolute(doc.permalink);
        const operation = operationAt(versionPath, doc.permalink);
        const body = operation
          ? operationMarkdown({
              title: doc.title,
              entry: operation.entry as OperationEntry,
              samples: await samplesOf(doc),
              specUrl: operation.specUrl,
              pageUrl,
            })
          : await articleMarkdown(tree, pageUrl, (src) =>
              readFileSync(path.join(outDir, src), 'utf8'),
            );
        if (!body) throw new Error(`llms-txt: ${doc.permalink} has no article to convert`);
        // The source line right under the title: pasted into a chat, the text says where it is from.
        const markdown = body.replace(/^(# .*)$/m, `$1\n\n来源：[${pageUrl}](${pageUrl})`);
        return {
          title: doc.title,
          permalink: doc.permalink,
          description: prose(description),
          markdown,
        };
      };

      // One section per sidebar, in the order of the docs instances; a doc that is in no sidebar
      // (e.g. the sidebar-less quick reference) joins its instance's last section.
      const labels = sidebarLabels(siteConfig.themeConfig);
      const sections: Section[] = [];
      for (const plugin of plugins.filter((p) => p.name === 'docusaurus-plugin-content-docs')) {
        const pluginId = String(plugin.options.id ?? 'default');
        const content = plugin.content as LoadedContent;
        const version = content.loadedVersions.find((v) => v.isLast) ?? content.loadedVersions[0];
        const docs = new Map(version.docs.filter((d) => !d.unlisted).map((d) => [d.id, d]));
        const placed = new Set<string>();
        const ownSections: Section[] = [];
        for (const [sidebarId, items] of Object.entries(version.sidebars)) {
          const ids = docIds(items as SidebarItem[]).filter(
            (id) => docs.has(id) && !placed.has(id),
          );
          ids.forEach((id) => placed.add(id));
          const pages = await Promise.all(ids.map((id) => renderPage(docs.get(id)!, version.path)));
          ownSections.push({ label: labels.get(`${pluginId}/${sidebarId}`) ?? sidebarId, pages });
        }
        const loose = [...docs.values()].filter((d) => !placed.has(d.id));
        const extra = await Promise.all(loose.map((d) => renderPage(d, version.path)));
        if (ownSections.length === 0) ownSections.push({ label: pluginId, pages: [] });
        ownSections.at(-1)!.pages.push(...extra);
        sections.push(...ownSections);
      }

      const pages = sections.flatMap((s) => s.pages);
      for (const page of pages) {
        const file = fileOf(page.permalink, '.md');
        if (existsSync(file)) throw new Error(`llms-txt: ${file} already exists`);
        await writeFile(file, `${page.markdown}\n`, 'utf8');
      }

      const asyncApi = await readYaml(path.join(siteDir, websocketSpec.bundlePath));
      const describe = (doc: Record<string, unknown>): string =>
        prose((doc.info as { description?: string } | undefined)?.description);
      const specLinks = [
        ...specs.map(
          ({ spec, document }) =>
            `- [${spec.title}](${absolute(spec.downloadUrl)}): ${describe(document as Record<string, unknown>)}`,
        ),
        `- [${websocketSpec.title}](${absolute(websocketSpec.downloadUrl)}): ${describe(asyncApi)}`,
      ];
      const link = (page: Page): string =>
        `- [${page.title.replace(/[[\]]/g, '\\$&')}](${absolute(markdownPathOf(page.permalink))}): ${page.description}`;

      const index = [
        `# ${siteConfig.title}`,
        `> ${llmsSummary}`,
        '下面按文档站的侧边栏列出全部指南和 API 参考页面，每个链接指向该页的 Markdown 版本；' +
          `全部文档合成一个文件的版本见 [llms-full.txt](${absolute(llmsFullTxtPath)})，` +
          '接口的机器可读描述见文末的 OpenAPI 与 AsyncAPI 文档。',
        ...sections.flatMap((s) => [`## ${s.label}`, s.pages.map(link).join('\n')]),
        '## OpenAPI 与 AsyncAPI 文档',
        specLinks.join('\n'),
      ];
      const full = [
        `# ${siteConfig.title}`,
        `> ${llmsSummary}`,
        '本文件把全部指南和 API 参考页面合成一个 Markdown 文件，页面顺序与文档站的侧边栏相同；' +
          `每页以一级标题开头，并注明原始页面的地址。页面索引见 [llms.txt](${absolute(llmsTxtPath)})。`,
        '机器可读的接口描述：',
        specLinks.join('\n'),
        ...pages.map((p) => `---\n\n${p.markdown}`),
      ];
      await writeFile(path.join(outDir, llmsTxtPath), `${index.join('\n\n')}\n`, 'utf8');
      await writeFile(path.join(outDir, llmsFullTxtPath), `${full.join('\n\n')}\n`, 'utf8');
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[llms-txt] wrote llms.txt, llms-full.txt and ${pages.length} Markdown pages in ${seconds} s`,
      );
    },
  };
}
