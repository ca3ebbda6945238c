/**
 * How each of the nine languages of the reference's samples is compiled (or syntax-checked) and
 * run, with Debian's toolchains (scripts/ensure-sample-toolchains.sh installs them) and Node.
 * Every sample is a complete program and goes in as the page shows it. One exception: Mono's C#
 * compiler has no top-level statements, so the harness moves a C# sample's statements into a
 * class (its `using` lines stay on top); the statements themselves are unchanged.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { exec, pool, type ExecResult } from './exec';

export interface Program {
  /** Unique, usable as a file and binary name (e.g. `create_speech`). */
  readonly name: string;
  readonly code: string;
  /** Where the program is written, built and run (holds the upload file). */
  readonly dir: string;
}

export interface Built {
  readonly ok: boolean;
  readonly ms: number;
  readonly log: string;
  /** How to run it once built. */
  readonly command: string;
  readonly args: string[];
}

export interface Toolchain {
  build(programs: Program[], cacheDir: string): Promise<Map<string, Built>>;
}

const buildTimeoutMs = 5 * 60_000;

const fromExec = (result: ExecResult, command: string, args: string[]): Built => ({
  ok: result.status === 0,
  ms: result.ms,
  log: result.timedOut ? `timed out\n${result.output}` : result.output,
  command,
  args,
});

/** A toolchain that builds each program on its own: write files, run one check command. */
function perFile(
  prepare: (
    program: Program,
    cacheDir: string,
  ) => {
    files: Record<string, string>;
    build: [string, string[], NodeJS.ProcessEnv?];
    run: [string, string[]];
  },
): Toolchain {
  const slots = pool(2);
  return {
    async build(programs, cacheDir) {
      const results = await Promise.all(
        programs.map((program) =>
          slots(async () => {
            const { files, build, run } = prepare(program, cacheDir);
            for (const [name, content] of Object.entries(files)) {
              writeFileSync(path.join(program.dir, name), content);
            }
            const result = await exec(build[0], build[1], {
              cwd: program.dir,
              env: { ...process.env, ...build[2] },
              timeoutMs: buildTimeoutMs,
            });
            return [program.name, fromExec(result, run[0], run[1])] as const;
          }),
        ),
      );
      return new Map(results);
    },
  };
}

/**
 * A .NET 8 top-level program for Mono: its `using` lines, then its statements in an async method
 * that Main waits for (mcs has neither top-level statements nor an async Main).
 */
export function csharpForMono(code: string): string {
  const lines = code.split('\n');
  const body = lines.findIndex((line) => line.trim() !== '' && !/^using [\w.]+;$/.test(line));
  return `${lines.slice(0, body).join('\n')}
using System.Threading.Tasks;

public static class Sample
{
  public static void Main()
  {
    Run().GetAwaiter().GetResult();
  }

  static async Task Run()
  {
${lines.slice(body).join('\n')}
  }
}
`;
}

/** The class a Java sample declares, which names its file. */
const javaClass = (code: string) => /^public class (\w+)/m.exec(code)?.[1] ?? 'Sample';

const cargoManifest = (bins: string[]) => `[package]
name = "voxloom-samples"
version = "0.0.0"
edition = "2021"
publish = false

# What the reqwest samples use; no TLS backend, the mock is plain HTTP on loopback.
[dependencies]
reqwest = { version = "0.11", default-features = false, features = ["json", "multipart"] }
serde_json = "1"
tokio = { version = "1", features = ["macros", "rt-multi-thread"] }

# Without debug info the dependencies build and link faster; nothing here is debugged.
[profile.dev]
debug = false
${bins.map((b) => `\n[[bin]]\nname = "${b}"\npath = "src/bin/${b}.rs"\n`).join('')}`;

/** Cargo resolves every crate from Debian's offline registry (librust-*-dev), never crates.io. */
const cargoConfig = `[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
`;

const rust: Toolchain = {
  async build(programs, cacheDir) {
    // One project with a binary per sample, at a fixed place so the dependencies compile once
    // and stay cached in .tmp between runs.
    const project = path.join(cacheDir, 'rust-project');
    const bins = path.join(project, 'src/bin');
    mkdirSync(bins, { recursive: true });
    mkdirSync(path.join(cacheDir, 'cargo-home'), { recursive: true });
    for (const stale of readdirSync(bins)) rmSync(path.join(bins, stale));
    for (const program of programs)
      writeFileSync(path.join(bins, `${program.name}.rs`), program.code);
    writeFileSync(path.join(project, 'Cargo.toml'), cargoManifest(programs.map((p) => p.name)));
    writeFileSync(path.join(cacheDir, 'cargo-home/config.toml'), cargoConfig);
    const env = {
      ...process.env,
      CARGO_HOME: path.join(cacheDir, 'cargo-home'),
      CARGO_TARGET_DIR: path.join(cacheDir, 'cargo-target'),
      RUSTC: '/usr/bin/rustc',
      RUSTDOC: '/usr/bin/rustdoc',
    };
    const cargo = (args: string[]) =>
      exec('/usr/bin/cargo', ['build', '--offline', '--color', 'never', ...args], {
        cwd: project,
        env,
        timeoutMs: 20 * 60_000,
      });
    const binary = (name: string) => path.join(cacheDir, 'cargo-target/debug', name);
    const all = await cargo(['--bins']);
    if (all.status === 0) {
      return new Map(
        programs.map((p) => [p.name, { ...fromExec(all, binary(p.name), []), ms: all.ms }]),
      );
    }
    // Something failed: build each binary alone to tell which (dependencies are built by now).
    const results = new Map<string, Built>();
    for (const p of programs) {
      results.set(p.name, fromExec(await cargo(['--bin', p.name]), binary(p.name), []));
    }
    return results;
  },
};

export const toolchains: Record<string, Toolchain> = {
  curl: perFile((p) => ({
    files: { 'sample.sh': p.code },
    build: ['bash', ['-n', 'sample.sh']],
    run: ['bash', ['sample.sh']],
  })),
  python: perFile((p) => ({
    files: { 'sample.py': p.code },
    build: ['/usr/bin/python3', ['-m', 'py_compile', 'sample.py']],
    run: ['/usr/bin/python3', ['sample.py']],
  })),
  nodejs: perFile((p) => ({
    files: { 'sample.mjs': p.code },
    build: [process.execPath, ['--check', 'sample.mjs']],
    run: [process.execPath, ['sample.mjs']],
  })),
  go: perFile((p, cacheDir) => ({
    files: { 'main.go': p.code },
    build: [
      '/usr/bin/go',
      ['build', '-o', 'sample', 'main.go'],
      {
        GOCACHE: path.join(cacheDir, 'go-build'),
        GOPATH: path.join(cacheDir, 'gopath'),
        GOPROXY: 'off',
        GOFLAGS: '',
        CGO_ENABLED: '0',
      },
    ],
    run: [path.join(p.dir, 'sample'), []],
  })),
  csharp: perFile((p) => ({
    files: { 'Sample.cs': csharpForMono(p.code) },
    build: [
      '/usr/bin/mcs',
      [
        ...['-r:System.Net.Http', '-r:System.Runtime.Serialization', '-r:System.Xml.Linq'],
        ...['-r:System.Xml', '-out:sample.exe', 'Sample.cs'],
      ],
    ],
    run: ['/usr/bin/mono', ['sample.exe']],
  })),
  php: perFile((p) => ({
    files: { 'sample.php': p.code },
    build: ['/usr/bin/php', ['-l', 'sample.php']],
    run: ['/usr/bin/php', ['sample.php']],
  })),
  java: perFile((p) => ({
    files: { [`${javaClass(p.code)}.java`]: p.code },
    build: ['/usr/bin/javac', ['-encoding', 'UTF-8', '-d', 'classes', `${javaClass(p.code)}.java`]],
    run: ['/usr/bin/java', ['-cp', 'classes', javaClass(p.code)]],
  })),
  c: perFile((p) => ({
    files: { 'sample.c': p.code },
    build: ['/usr/bin/gcc', ['-o', 'sample', 'sample.c', '-lcurl']],
    run: [path.join(p.dir, 'sample'), []],
  })),
  rust,
};
