// One stream of the custom HTTP source: where its records are, how its pages follow each other
// and, optionally, the date-time field that makes it incremental.
import { CheckField } from '../../components/CheckField';
import { FormField } from '../../components/FormField';
import type { PaginationType, StreamDraft } from './httpSourceDraft';

interface HttpStreamFieldsProps {
  index: number;
  stream: StreamDraft;
  onChange: (stream: StreamDraft) => void;
  onRemove: (() => void) | null;
  /** The server's refusal of a field of this stream, by its config name (`path`, `pagination.limit`). */
  errorAt: (name: string) => string | undefined;
}

const paginationText: Record<PaginationType, string> = {
  none: 'One page only',
  page: 'Page number',
  offset: 'Offset and limit',
  cursor: 'Cursor from the answer',
  next_link: 'Next link from the answer',
};

export function HttpStreamFields({ index, stream, onChange, onRemove, errorAt }: HttpStreamFieldsProps) {
  const set = (patch: Partial<StreamDraft>) => onChange({ ...stream, ...patch });
  const title = stream.name.trim() || `Stream ${index + 1}`;
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">{title}</legend>
      <div className="row g-2">
        <FormField
          className="col-md-4"
          label="Stream name"
          value={stream.name}
          onValue={(name) => set({ name })}
          help="Becomes the table name: letters, digits, underscores."
          error={errorAt('name')}
        />
        <FormField
          className="col-md-4"
          label="Path"
          value={stream.path}
          onValue={(path) => set({ path })}
          placeholder="/orders"
          error={errorAt('path')}
        />
        <FormField
          className="col-md-4"
          label="Records at"
          value={stream.recordSelector}
          onValue={(recordSelector) => set({ recordSelector })}
          help="Dot path in the answer, e.g. data.items; empty when the answer is the list."
          error={errorAt('record_selector')}
        />
        <FormField
          className="col-md-4"
          label="Primary key field (optional)"
          value={stream.primaryKey}
          onValue={(primaryKey) => set({ primaryKey })}
          error={errorAt('primary_key')}
        />
        <FormField
          className="col-md-4"
          control="select"
          label="Pagination"
          value={stream.pagination}
          onValue={(pagination) => set({ pagination: pagination as PaginationType })}
          error={errorAt('pagination')}
        >
          {(Object.keys(paginationText) as PaginationType[]).map((type) => (
            <option key={type} value={type}>
              {paginationText[type]}
            </option>
          ))}
        </FormField>
      </div>
      {stream.pagination === 'page' ? (
        <div className="row g-2">
          <FormField
            className="col-md-4"
            label="Page parameter"
            value={stream.pageParam}
            onValue={(pageParam) => set({ pageParam })}
            error={errorAt('pagination.page_param')}
          />
          <FormField
            className="col-md-4"
            label="Page size"
            inputMode="numeric"
            value={stream.pageSize}
            onValue={(pageSize) => set({ pageSize })}
            error={errorAt('pagination.page_size')}
          />
        </div>
      ) : null}
      {stream.pagination === 'offset' ? (
        <div className="row g-2">
          <FormField
            className="col-md-4"
            label="Offset parameter"
            value={stream.offsetParam}
            onValue={(offsetParam) => set({ offsetParam })}
            error={errorAt('pagination.offset_param')}
          />
          <FormField
            className="col-md-4"
            label="Limit parameter"
            value={stream.limitParam}
            onValue={(limitParam) => set({ limitParam })}
            error={errorAt('pagination.limit_param')}
          />
          <FormField
            className="col-md-4"
            label="Limit"
            inputMode="numeric"
            value={stream.limit}
            onValue={(limit) => set({ limit })}
            error={errorAt('pagination.limit')}
          />
        </div>
      ) : null}
      {stream.pagination === 'cursor' ? (
        <div className="row g-2">
          <FormField
            className="col-md-4"
            label="Cursor parameter"
            value={stream.cursorParam}
            onValue={(cursorParam) => set({ cursorParam })}
            error={errorAt('pagination.cursor_param')}
          />
          <FormField
            className="col-md-4"
            label="Cursor in the answer"
            value={stream.cursorPath}
            onValue={(cursorPath) => set({ cursorPath })}
            placeholder="meta.next_cursor"
            error={errorAt('pagination.cursor_path')}
          />
        </div>
      ) : null}
      {stream.pagination === 'next_link' ? (
        <div className="row g-2">
          <FormField
            className="col-md-6"
            label="Next link in the answer (optional)"
            value={stream.nextPath}
            onValue={(nextPath) => set({ nextPath })}
            help={'Dot path, e.g. links.next; empty: the Link header\u2019s rel="next".'}
            error={errorAt('pagination.next_path')}
          />
        </div>
      ) : null}
      <CheckField
        id={`incremental-${stream.key}`}
        label="Incremental: read only records changed since the last sync"
        checked={stream.incremental}
        className="my-2"
        onChecked={(checked) => set({ incremental: checked })}
      />
      {stream.incremental ? (
        <div className="row g-2">
          <FormField
            className="col-md-4"
            label="Date-time field"
            value={stream.datetimeField}
            onValue={(datetimeField) => set({ datetimeField })}
            help="Record field holding when it last changed."
            error={errorAt('incremental.datetime_field')}
          />
          <FormField
            className="col-md-4"
            label="Request parameter (optional)"
            value={stream.requestParam}
            onValue={(requestParam) => set({ requestParam })}
            help="Query parameter asking for records changed after a date-time."
            error={errorAt('incremental.request_param')}
          />
        </div>
      ) : null}
      {onRemove ? (
        <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={onRemove}>
          {`Remove ${title}`}
        </button>
      ) : null}
    </fieldset>
  );
}
