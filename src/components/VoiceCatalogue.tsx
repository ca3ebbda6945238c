import React, { useId, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {
  genderLabels,
  languageLabels,
  presetVoices,
  voiceScenarios,
  type PresetVoice,
  type VoiceGender,
  type VoiceLanguage,
  type VoiceScenario,
} from '@site/src/data/voices';
import styles from './VoiceCatalogue.module.css';

interface Filters {
  language: VoiceLanguage | '';
  gender: VoiceGender | '';
  style: string;
  scenario: VoiceScenario | '';
}

const noFilters: Filters = { language: '', gender: '', style: '', scenario: '' };

/** Options in the order of the label maps, limited to values some voice actually has. */
const languages = (Object.keys(languageLabels) as VoiceLanguage[]).filter((l) =>
  presetVoices.some((v) => v.language === l),
);
const genders = (Object.keys(genderLabels) as VoiceGender[]).filter((g) =>
  presetVoices.some((v) => v.gender === g),
);
const voiceStyles = [...new Set(presetVoices.map((v) => v.style))];
const scenarios = voiceScenarios.filter((s) => presetVoices.some((v) => v.scenarios.includes(s)));

function matches(v: PresetVoice, f: Filters): boolean {
  return (
    (f.language === '' || v.language === f.language) &&
    (f.gender === '' || v.gender === f.gender) &&
    (f.style === '' || v.style === f.style) &&
    (f.scenario === '' || v.scenarios.includes(f.scenario))
  );
}

interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ label, value, options, onChange }: FilterSelectProps): ReactNode {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">全部</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The preset voice catalogue of `src/data/voices.ts`. Every row is rendered on the server, so
 * the page works as a plain table without JavaScript; the filters appear only after hydration.
 */
export default function VoiceCatalogue(): ReactNode {
  const isBrowser = useIsBrowser();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: string) =>
      setFilters((f) => ({ ...f, [key]: value as Filters[K] }));

  const active = isBrowser ? filters : noFilters;
  const shown = presetVoices.filter((v) => matches(v, active));
  const filtered = Object.values(active).some((x) => x !== '');

  return (
    <div className={styles.catalogue} data-component="voice-catalogue">
      {isBrowser && (
        <div className={styles.toolbar} role="search" aria-label="筛选预置音色">
          <FilterSelect
            label="语言"
            value={filters.language}
            options={languages.map((l) => ({ value: l, label: languageLabels[l] }))}
            onChange={set('language')}
          />
          <FilterSelect
            label="性别"
            value={filters.gender}
            options={genders.map((g) => ({ value: g, label: genderLabels[g] }))}
            onChange={set('gender')}
          />
          <FilterSelect
            label="风格"
            value={filters.style}
            options={voiceStyles.map((s) => ({ value: s, label: s }))}
            onChange={set('style')}
          />
          <FilterSelect
            label="适用场景"
            value={filters.scenario}
            options={scenarios.map((s) => ({ value: s, label: s }))}
            onChange={set('scenario')}
          />
          <button
            type="button"
            className={`button button--secondary button--sm ${styles.clear}`}
            onClick={() => setFilters(noFilters)}
            disabled={!filtered}
          >
            清除筛选
          </button>
          <p className={styles.count} role="status" aria-live="polite" aria-atomic="true">
            {filtered
              ? `显示 ${shown.length} 个音色（共 ${presetVoices.length} 个）`
              : `共 ${presetVoices.length} 个音色`}
          </p>
        </div>
      )}
      {/* A scrolling region on narrow screens: focusable and named, so keyboards can scroll it. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="预置音色表">
        <table className={styles.table} data-table="voices">
          <thead>
            <tr>
              <th scope="col">
                <code>voice_id</code>
              </th>
              <th scope="col">名称</th>
              <th scope="col">语言</th>
              <th scope="col">性别</th>
              <th scope="col">风格</th>
              <th scope="col">适用场景</th>
              <th scope="col">说明</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((v) => (
              <tr key={v.voiceId} data-voice={v.voiceId}>
                <td>
                  <code>{v.voiceId}</code>
                </td>
                <td lang={v.language === 'zh' || v.language === 'yue' ? undefined : v.language}>
                  {v.name}
                </td>
                <td>{languageLabels[v.language]}</td>
                <td>{genderLabels[v.gender]}</td>
                <td>{v.style}</td>
                <td>{v.scenarios.join('、')}</td>
                <td>{v.description}</td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={7} className={styles.empty}>
                  没有符合全部条件的音色。放宽一个条件，或点击“清除筛选”。
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
