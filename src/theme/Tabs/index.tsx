import React, { useRef, type HTMLAttributes, type ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
// The OpenAPI theme's tab utilities: it replaces `@theme/TabItem` with one that reads its own
// tab context, so the tab set must provide that context, not theme-common's.
import { useScrollPositionBlocker } from '@theme/utils/scrollUtils';
import {
  TabsProvider,
  sanitizeTabsChildren,
  useTabs,
  useTabsContextValue,
} from '@theme/utils/tabsUtils';
import type { Props } from '@theme/Tabs';
import styles from './styles.module.css';

/**
 * The site's tab sets (`@theme/Tabs`, which the OpenAPI theme takes over from the classic theme),
 * with the same markup, classes and tab hooks, less one thing: both themes remount every tab set
 * once the page has hydrated (the classic theme's fix for facebook/docusaurus#5653). `useTabsContextValue` now applies a stored or linked tab choice in a
 * layout effect, so the remount only costs: on the guides and the reference pages it renders and
 * highlights every code block in the tabs again, in one long task. The remount is a `key` inside
 * the original component, which a wrapper cannot remove, hence this replacement.
 */
function TabList({ className }: { className?: string }): ReactNode {
  const { selectedValue, selectValue, tabValues, block } = useTabs();
  const tabs = useRef<(HTMLLIElement | null)[]>([]);
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker();

  const choose = (tab: HTMLLIElement, value: string) => {
    if (value === selectedValue) return;
    // Keep the chosen tab where it is on screen while the panels above it change height.
    blockElementScrollPositionUntilNextRender(tab);
    selectValue(value);
  };
  const focusTab = (index: number) => {
    const count = tabValues.length;
    tabs.current[(index + count) % count]?.focus();
  };

  return (
    <ul
      role="tablist"
      aria-orientation="horizontal"
      className={clsx('tabs', { 'tabs--block': block }, className)}
    >
      {tabValues.map(({ value, label, attributes }, index) => {
        const selected = value === selectedValue;
        const extra = (attributes ?? {}) as HTMLAttributes<HTMLLIElement>;
        return (
          <li
            key={value}
            role="tab"
            tabIndex={selected ? 0 : -1}
            aria-selected={selected}
            ref={(tab) => {
              tabs.current[index] = tab;
            }}
            onClick={(event) => choose(event.currentTarget, value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') choose(event.currentTarget, value);
              else if (event.key === 'ArrowRight') focusTab(index + 1);
              else if (event.key === 'ArrowLeft') focusTab(index - 1);
            }}
            {...extra}
            className={clsx('tabs__item', styles.tabItem, extra.className, {
              'tabs__item--active': selected,
            })}
          >
            {label ?? value}
          </li>
        );
      })}
    </ul>
  );
}

export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  return (
    <TabsProvider value={value}>
      <div
        className={clsx(
          ThemeClassNames.tabs.container,
          // The class name the theme kept for older custom CSS.
          'tabs-container',
          styles.tabList,
        )}
      >
        {/* As in the theme, the tab set's className goes on the tab list. */}
        <TabList className={props.className} />
        <div className="margin-top--md">{sanitizeTabsChildren(props.children)}</div>
      </div>
    </TabsProvider>
  );
}
