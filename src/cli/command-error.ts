/**
 * A mistake by the person running a command: printed as one message, no stack trace. Exit code 2 is
 * a wrong call (an unknown option: the usage is printed too), 1 a refusal (an empty password, no site).
 */
export class CommandError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'CommandError';
    this.exitCode = exitCode;
  }
}
