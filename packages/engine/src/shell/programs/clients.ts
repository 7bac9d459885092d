// SQL and data clients: what they read on stdin (a heredoc, a literal pipe, a file the session wrote) and the files
// they read as SQL (`psql -f f`, `mysql -e 'source f'`, `sqlite3 db '.read f'`) are their commands, kept as the
// command's input so `run.text` and `command:` patterns see the SQL.
import type { InputDeclaration, ProgramDeclaration } from './declaration.js';

/** A client whose only way to name a file is its own include statement in -e (`source f`, `\\. f`). */
const EXECUTE_INCLUDES: InputDeclaration = { as: 'sql', statements: ['-e', '--execute'] };

export const PSQL: ProgramDeclaration = {
  names: ['psql'],
  about: 'PostgreSQL client: -c runs SQL (`\\i f` includes a file), -f a file, stdin is SQL',
  options: {
    '*': [
      ...['-c', '--command', '-f', '--file', '-d', '--dbname', '-h', '--host', '-p', '--port', '-U', '--username'],
      ...['-v', '--set', '--variable', '-o', '--output', '-L', '--log-file', '-P', '--pset', '-F', '-R'],
    ],
  },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-f', '--file'], statements: ['-c', '--command'] },
  // `psql -c '\\! CMD'`: the meta-command hands CMD to a shell (blind round 7)
  runs: [{ options: [], commandOption: ['-c', '--command'], commandPrefix: /^\s*\\!\s*/, rest: false }],
  // Its startup file (PSQLRC, else ~/.psqlrc; not with -X): `\\!` lines run by a shell (config-commands.ts)
  tasks: 'psqlrc',
};

export const MYSQL: ProgramDeclaration = {
  names: ['mysql', 'mariadb'],
  about: 'MySQL/MariaDB client: -e runs SQL (`source f` includes a file), stdin is SQL',
  options: {
    '*': [
      ...['-e', '--execute', '-h', '--host', '-P', '--port', '-u', '--user', '-D', '--database', '-S', '--socket'],
      ...['--defaults-file', '--default-character-set'],
    ],
  },
  stdin: { commands: true },
  input: EXECUTE_INCLUDES,
  // `mysql -e 'system CMD'` (also `\\! CMD`) hands CMD to a shell (blind round 7)
  runs: [{ options: [], commandOption: ['-e', '--execute'], commandPrefix: /^\s*(?:system|\\!)\s+/, rest: false }],
};

export const SQLITE: ProgramDeclaration = {
  names: ['sqlite3', 'sqlite'],
  about:
    'SQLite shell: the words after the database are SQL (`.read f` includes a file), stdin is SQL and dot-commands',
  options: { '*': ['-cmd', '-init', '-separator', '-newline', '-nullvalue'] },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-init'], statements: ['-cmd'], positionalStatements: true },
  // the dot-commands `.shell CMD` and `.system CMD` hand CMD to a shell (blind round 7); sqlite3 stays a command
  runs: [
    {
      options: ['-cmd', '-init', '-separator', '-newline', '-nullvalue'],
      everyOperand: true,
      commandPrefix: /^\s*\.(?:shell|system)\s+/,
      itself: true,
    },
  ],
};

export const REDIS: ProgramDeclaration = {
  names: ['redis-cli', 'valkey-cli'],
  about: 'Redis client: the words are a command, stdin is commands',
  options: { '*': ['-h', '-p', '-a', '-n', '-u', '-s', '--user', '--pass', '-r', '-i'] },
  stdin: { commands: true },
};

export const MONGO: ProgramDeclaration = {
  names: ['mongosh', 'mongo'],
  about: 'MongoDB shell: --eval runs code, -f/--file and a .js operand are scripts, stdin is code',
  options: { '*': ['--eval', '--host', '--port', '-u', '--username', '-p', '--password', '--file', '-f'] },
  stdin: { commands: true },
  input: { as: 'js', files: ['-f', '--file'], scripts: /\.(?:m?js|cjs)$/ },
};

/** The options the other SQL and data clients share (their declarations add their own). */
const CLIENT_OPTIONS = ['-q', '--query', '-h', '--host', '--port', '-u', '--user', '-d', '--database', '-e', '-f'];

export const CLICKHOUSE: ProgramDeclaration = {
  names: ['clickhouse-client'],
  about: 'ClickHouse client: --queries-file is SQL, stdin is SQL',
  options: { '*': [...CLIENT_OPTIONS, '--queries-file'] },
  stdin: { commands: true },
  input: { as: 'sql', files: ['--queries-file'] },
};

export const CQLSH: ProgramDeclaration = {
  names: ['cqlsh'],
  about: 'Cassandra shell: -f/--file is CQL, stdin is CQL',
  options: { '*': [...CLIENT_OPTIONS, '--file'] },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-f', '--file'] },
};

export const SQLCMD: ProgramDeclaration = {
  names: ['sqlcmd'],
  about: 'SQL Server client: -i/--input-file is SQL, stdin is SQL',
  options: { '*': [...CLIENT_OPTIONS, '-i', '--input-file', '-Q', '-S', '-U', '-P'] },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-i', '--input-file'] },
};

export const DUCKDB: ProgramDeclaration = {
  names: ['duckdb'],
  about: 'DuckDB shell: -f is SQL, the words after the database are SQL, stdin is SQL',
  options: { '*': CLIENT_OPTIONS },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-f'], positionalStatements: true },
};

export const INFLUX: ProgramDeclaration = {
  names: ['influx'],
  about: 'InfluxDB client: stdin is its commands',
  options: { '*': CLIENT_OPTIONS },
  stdin: { commands: true },
};

export const COCKROACH: ProgramDeclaration = {
  names: ['cockroach'],
  about: 'CockroachDB CLI: `cockroach sql` runs -e SQL, -f/--file a file, stdin is SQL',
  options: { '*': ['-e', '--execute', '-f', '--file', '--url', '--host', '-d', '--database', '-u', '--user'] },
  stdin: { commands: true },
  input: { as: 'sql', files: ['-f', '--file'] },
};

export const SNOWSQL: ProgramDeclaration = {
  names: ['snowsql'],
  about: 'Snowflake client: -q runs SQL, -f/--filename a file',
  options: {
    '*': ['-q', '--query', '-f', '--filename', '-a', '--accountname', '-u', '--username', '-d', '--dbname'],
  },
  input: { as: 'sql', files: ['-f', '--filename'] },
};

export const SFTP: ProgramDeclaration = {
  names: ['sftp'],
  about: 'sftp: its batch (-b FILE, or stdin with -b -) is its commands, kept as the input (put, get, rm …)',
  options: {
    '*': [...['-b', '-B', '-c', '-D', '-F', '-i', '-J', '-l', '-o', '-P', '-R', '-S', '-s', '-X']],
  },
  stdin: { commands: true },
  input: { as: 'sftp', files: ['-b'] },
};

export const ALEMBIC: ProgramDeclaration = {
  names: ['alembic'],
  about: 'alembic: global options (-c/--config FILE, -n/--name SECTION, -x ARG) come before the command',
  globals: { value: ['-c', '--config', '-n', '--name', '-x'], flag: ['--raiseerr', '-q', '--quiet'] },
  options: {
    '*': ['-m', '--message', '--rev-id', '--head', '--splice', '--branch-label', '--version-path', '--depends-on'],
  },
};
