// The facets beside the search results: each facet's values with how many matches have them,
// as checkboxes; ticking one narrows the search (and is kept in the address).
import { useSearchParams } from 'react-router-dom';
import { catalogFacetNames, type CatalogSearchResponse } from '@common/dbt/catalogContract';
import { CheckField } from '../../components/CheckField';
import { formatCount } from '../../components/format';
import { facetLabels, toggleFacet } from './searchParams';

const SHOWN_VALUES = 12;

export function FacetFilters({ facets }: { facets: CatalogSearchResponse['facets'] }) {
  const [params, setParams] = useSearchParams();
  return (
    <div className="dw-facets">
      {catalogFacetNames.map((facet) => {
        const values = facets[facet] ?? [];
        const chosen = params.getAll(facet);
        if (values.length === 0 && chosen.length === 0) return null;
        return (
          <fieldset key={facet} className="mb-3">
            <legend className="h6 mb-1">{facetLabels[facet]}</legend>
            {values.slice(0, SHOWN_VALUES).map(({ value, count }) => {
              const id = `facet-${facet}-${value}`;
              return (
                <CheckField
                  key={value}
                  id={id}
                  label={
                    <>
                      {facet === 'kind' ? value.replace('_', ' ') : value}{' '}
                      <span className="text-body-secondary">({formatCount(count)})</span>
                    </>
                  }
                  checked={chosen.includes(value)}
                  labelClassName="small"
                  onChecked={() => setParams(toggleFacet(params, facet, value))}
                />
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
