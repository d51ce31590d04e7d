import { describeConfig } from '../apps/server/src/config.ts';

// Prints the README's configuration table from the server's own description of its settings.
const escapePipes = (text: string) => text.replaceAll('|', '\\|');
const rows = describeConfig().map(
  (variable) =>
    `| \`${variable.name}\` | ${escapePipes(variable.default)} | ${escapePipes(variable.meaning)} |`,
);
process.stdout.write(
  ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n'),
);
process.stdout.write('\n');
