/**
 * `caravan-docs <command>`: the table of commands, `--help` and `--version`. Each command is a
 * module of its own, loaded only when run, so `caravan-docs --help` starts in a moment.
 */
import { readFileSync } from 'node:fs';
import { CommandError } from './command-error.ts';

interface Command {
  summary: string;
  usage: string;
  run: (args: string[]) => Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  new: {
    summary: 'scaffold a new documentation site in an empty folder',
    usage: 'caravan-docs new <folder> [--title "My API"]',
    run: async (args) => (await import('./new.ts')).newSite(args),
  },
  dev: {
    summary: 'serve the site with live reload while you write',
    usage: 'caravan-docs dev [--root <folder>] [--host <address>] [--port <port>]',
    run: async (args) => (await import('./astro-run.ts')).devCommand(args),
  },
  build: {
    summary: 'build the site into dist/ (with the link check and the leak guard)',
    usage: 'caravan-docs build [--root <folder>] [--outDir <folder>] [--force]',
    run: async (args) => (await import('./astro-run.ts')).buildCommand(args),
  },
  serve: {
    summary: 'serve a build (static or with sign-in) through the front server',
    usage: 'caravan-docs serve [--root <folder>] [--outDir <folder>]   (HOST, PORT and the server\'s variables from the environment)',
    run: async (args) => (await import('./serve.ts')).serveCommand(args),
  },
  check: {
    summary: 'check config/ and content/ without building; with --built, links and leaks of a build too',
    usage: 'caravan-docs check [--root <folder>] [--built [--outDir <folder>]]',
    run: async (args) => (await import('./check.ts')).checkCommand(args),
  },
  sandbox: {
    summary: 'run a version\'s API sandbox as a local HTTP server (for curl and SDKs), or an event API\'s as a WebSocket server',
    usage: 'caravan-docs sandbox [--root <folder>] [--version <id>] [--api <id>] [--port <port>] [--host <address>] [--allowed-hosts <names>]   (timeouts and connection caps: CARAVAN_DOCS_* variables in the environment)',
    run: async (args) => (await import('./sandbox.ts')).sandboxCommand(args),
  },
  mcp: {
    summary: 'the documentation\'s MCP server over stdio, for a local AI assistant',
    usage: 'caravan-docs mcp [--root <folder>]',
    run: async (args) => (await import('./mcp.ts')).mcpCommand(args),
  },
  'hash-password': {
    summary: 'print a password hash for config/users.yml (reads stdin, or asks twice)',
    usage: 'printf \'secret\' | caravan-docs hash-password',
    run: async (args) => (await import('./hash-password.ts')).hashPasswordCommand(args),
  },
};

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `caravan-docs ${version()}: documentation sites for APIs, built with Astro.

Usage: caravan-docs <command> [options]

Commands:
${lines.join('\n')}

A site is a folder holding config/ and content/ (optionally public/ and components/); commands
work on the current folder unless --root names another. \`caravan-docs <command> --help\` shows
a command's options; the manual is at https://caravan-docs.dev/.`;
}

export async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return;
  }
  if (name === '--version' || name === '-v') {
    console.log(version());
    return;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`caravan-docs: unknown command "${name}".\n\n${help()}`);
    process.exit(2);
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`Usage: ${command.usage}\n\n${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`);
    return;
  }
  try {
    await command.run(args);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    // Exit code 2 is a mistake in the call itself: the usage line shows the right one.
    console.error(`caravan-docs ${name}: ${error.message}${error.exitCode === 2 ? `\nUsage: ${command.usage}` : ''}`);
    process.exit(error.exitCode);
  }
}
