/** /config.json is missing, unreadable or invalid; the message names the field at fault. */
export class ConfigError extends Error {
  constructor(
    message: string,
    /** Dotted path of the offending field, when one is to blame. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}
