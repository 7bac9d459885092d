// SQL and data clients: what they read on stdin (a heredoc, a literal pipe, a file the session wrote) is their
// commands, kept as the command's input so `run.text` and `command:` patterns see the SQL.
import type { ProgramDeclaration } from './declaration.js';

export const PSQL: ProgramDeclaration = {
  names: ['psql'],
  about: 'PostgreSQL client: -c runs SQL, -f a file, stdin is SQL',
  options: {
    '*': [
      ...['-c', '--command', '-f', '--file', '-d', '--dbname', '-h', '--host', '-p', '--port', '-U', '--username'],
      ...['-v', '--set', '--variable', '-o', '--output', '-L', '--log-file', '-P', '--pset', '-F', '-R'],
    ],
  },
  stdin: { commands: true },
};

export const MYSQL: ProgramDeclaration = {
  names: ['mysql', 'mariadb'],
  about: 'MySQL/MariaDB client: -e runs SQL, stdin is SQL',
  options: {
    '*': [
      ...['-e', '--execute', '-h', '--host', '-P', '--port', '-u', '--user', '-D', '--database', '-S', '--socket'],
      ...['--defaults-file', '--default-character-set'],
    ],
  },
  stdin: { commands: true },
};

export const SQLITE: ProgramDeclaration = {
  names: ['sqlite3', 'sqlite'],
  about: 'SQLite shell: the words after the database are SQL, stdin is SQL and dot-commands',
  options: { '*': ['-cmd', '-init', '-separator', '-newline', '-nullvalue'] },
  stdin: { commands: true },
};

export const REDIS: ProgramDeclaration = {
  names: ['redis-cli', 'valkey-cli'],
  about: 'Redis client: the words are a command, stdin is commands',
  options: { '*': ['-h', '-p', '-a', '-n', '-u', '-s', '--user', '--pass', '-r', '-i'] },
  stdin: { commands: true },
};

export const MONGO: ProgramDeclaration = {
  names: ['mongosh', 'mongo'],
  about: 'MongoDB shell: --eval runs code, stdin is code',
  options: { '*': ['--eval', '--host', '--port', '-u', '--username', '-p', '--password', '--file', '-f'] },
  stdin: { commands: true },
};

export const OTHER_CLIENTS: ProgramDeclaration = {
  names: ['clickhouse-client', 'cqlsh', 'sqlcmd', 'duckdb', 'influx'],
  about: 'other SQL and data clients: stdin is their commands',
  options: { '*': ['-q', '--query', '-h', '--host', '--port', '-u', '--user', '-d', '--database', '-e', '-f'] },
  stdin: { commands: true },
};
