// The columns-table cells column lineage adds to the asset page: where each column comes from,
// where it goes, the exposures it reaches, and a link to the impact of changing it. What a cell
// says when there is no link depends on the model's state, so a missing trail is never shown as
// "nothing upstream" when the truth is "not parsed" or "not computed yet".
import { Link } from 'react-router-dom';
import type { AssetColumnLineage, AssetColumnLineageResponse } from '@common/column-lineage/columnLineageContract';
import type { AssetColumn } from '@common/dbt/catalogContract';
import { controlColumn, type DataColumn } from '../../../components/dataColumn';
import { ColumnLinkList, columnLinksText, ExposureLinkList } from './ColumnLinkList';

/** What "from" says for a column with no upstream link, by the model's state. */
const noUpstream: Record<AssetColumnLineageResponse['state'], string> = {
  computed: 'No upstream column (a constant, or not resolved)',
  pending: 'Not computed yet',
  failed: 'Unknown: the SQL could not be parsed',
  'no sql': 'Enters the project here',
};

/** Each asset column's lineage, matched by name as catalog.json spells it (any case, if not exactly). */
function lineageByName(lineage: AssetColumnLineageResponse): (name: string) => AssetColumnLineage | undefined {
  const exact = new Map(lineage.columns.map((column) => [column.name, column]));
  const folded = new Map(lineage.columns.map((column) => [column.name.toLowerCase(), column]));
  return (name) => exact.get(name) ?? folded.get(name.toLowerCase());
}

export function columnLineageColumns(
  lineage: AssetColumnLineageResponse,
  impactPath: (column: string) => string,
): DataColumn<AssetColumn>[] {
  const find = lineageByName(lineage);
  const upstream = (row: AssetColumn) => find(row.name)?.upstream ?? [];
  const downstream = (row: AssetColumn) => find(row.name)?.downstream ?? [];
  const exposures = (row: AssetColumn) => find(row.name)?.exposures ?? [];
  const emptyFrom = noUpstream[lineage.state];
  // Downstream columns are found from the readers' SQL, so they are known whatever this asset's state.
  const emptyTo = lineage.state === 'pending' ? 'Not computed yet' : 'Nothing reads it';
  return [
    {
      id: 'from',
      header: 'From',
      value: (row) => columnLinksText(upstream(row)) || null,
      csv: (row) => columnLinksText(upstream(row)) || emptyFrom,
      cell: (row) =>
        upstream(row).length > 0 ? (
          <ColumnLinkList links={upstream(row)} />
        ) : (
          <span className="small text-body-secondary">{emptyFrom}</span>
        ),
    },
    {
      id: 'to',
      header: 'To',
      value: (row) => columnLinksText(downstream(row)) || null,
      csv: (row) => columnLinksText(downstream(row)) || emptyTo,
      cell: (row) =>
        downstream(row).length > 0 ? (
          <ColumnLinkList links={downstream(row)} />
        ) : (
          <span className="small text-body-secondary">{emptyTo}</span>
        ),
    },
    {
      id: 'exposures',
      header: 'Exposures reached',
      value: (row) =>
        exposures(row)
          .map((exposure) => exposure.name)
          .join('; ') || null,
      cell: (row) => (exposures(row).length > 0 ? <ExposureLinkList exposures={exposures(row)} /> : '–'),
    },
    controlColumn<AssetColumn>('impact', 'Impact', (row) => (
      <Link to={impactPath(row.name)} className="small text-nowrap">
        Impact of changing this column<span className="visually-hidden"> {row.name}</span>
      </Link>
    )),
  ];
}
