// The column lineage area's refusals, each with its HTTP answer (the platform's error handler sends it).
import { nameOfTyped, unknownAssetMessage } from '@common/dbt/unknownAsset';
import { DomainError } from '../../platform/errors/domainError.js';

/** An asset the organisation's current dbt project does not have (another organisation's looks the same). */
export class UnknownAssetError extends DomainError {
  constructor(sent: string, field = 'uniqueId', knownId: string | null = null) {
    super(unknownAssetMessage(sent, knownId), { status: 404, code: 'not_found', field });
    this.name = 'UnknownAssetError';
  }
}

/** A column the asset does not have; the message lists a few it does. */
export class UnknownColumnError extends DomainError {
  constructor(asset: string, column: string, known: readonly string[]) {
    const some = known.slice(0, 8).join(', ');
    super(
      known.length === 0
        ? `${asset} has no documented columns, so "${column}" cannot be traced.`
        : `${asset} has no column "${column}". Its columns include: ${some}${known.length > 8 ? ', …' : ''}.`,
      { status: 404, code: 'not_found', field: 'column' },
    );
    this.name = 'UnknownColumnError';
  }
}

export { nameOfTyped };
