// The functions a user-written read statement (a data API endpoint) may call on the embedded
// DuckDB warehouse: an allow list, so that a function DuckDB adds in a later release (one that
// reads files, say) is refused until someone decides it belongs here. A name is allowed when
// DuckDB lists it as a built-in scalar, aggregate or macro function and either its own categories
// say it computes (string, numeric, list, date…) or it is named below; the warehouse's own
// macros (the Snowflake shims) are allowed too. Table functions are a separate, shorter list in
// readOnlyQuery.ts. On Snowflake, where DuckDB's names mean nothing, readOnlyQuery.ts refuses the
// functions that reach outside the account instead.

/** DuckDB function categories whose functions only compute on their arguments. */
export const ALLOWED_CATEGORIES: ReadonlySet<string> = new Set([
  'aggregate', 'array', 'bitstring', 'blob', 'date', 'geometry', 'lambda', 'list', 'numeric', 'regex', 'string', 'struct', 'text_similarity', 'timestamp', 'variant',
]);

/**
 * Built-in functions DuckDB lists without a category that an endpoint may use: operators,
 * arithmetic, aggregates and window functions, dates and times, JSON, maps, structs and UUIDs.
 * Left out on purpose: what reads settings, variables, the session or the log (current_setting,
 * getvariable, current_query, version…), what has side effects (nextval, setseed, write_log,
 * sleep_ms), serialised SQL and plans, and DuckDB's internal helpers.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // Operators as the parser names them.
  '+', '-', '*', '/', '//', '%', '**', '^', '&', '|', '<<', '>>', '~', '@', '!__postfix', '->>', '~~', '!~~', '~~*', '!~~*', '~~~', 'add', 'subtract', 'multiply', 'divide', 'mod', 'xor',
  // Numbers.
  'abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'cbrt', 'ceil', 'ceiling', 'cos', 'cosh', 'cot', 'degrees', 'even', 'exp', 'factorial', 'floor', 'gamma', 'gcd',
  'greatest_common_divisor', 'isfinite', 'isinf', 'isnan', 'lcm', 'least_common_multiple', 'lgamma', 'ln', 'log', 'log10', 'log2', 'nextafter', 'pi', 'pow', 'power', 'radians', 'random',
  'round', 'sign', 'signbit', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'trunc', 'equi_width_bins',
  // Aggregates.
  'any_value', 'approx_count_distinct', 'approx_quantile', 'approx_top_k', 'arbitrary', 'arg_max', 'arg_max_null', 'arg_max_nulls_last', 'arg_min', 'arg_min_null', 'arg_min_nulls_last',
  'argmax', 'argmin', 'array_agg', 'avg', 'bit_and', 'bit_or', 'bit_xor', 'bitstring_agg', 'bool_and', 'bool_or', 'corr', 'count', 'count_if', 'count_star', 'countif', 'covar_pop', 'covar_samp',
  'entropy', 'favg', 'first', 'fsum', 'group_concat', 'histogram', 'histogram_exact', 'kahan_sum', 'kurtosis', 'kurtosis_pop', 'last', 'list', 'listagg', 'mad', 'max', 'max_by', 'mean',
  'median', 'min', 'min_by', 'mode', 'product', 'quantile', 'quantile_cont', 'quantile_disc', 'regr_avgx', 'regr_avgy', 'regr_count', 'regr_intercept', 'regr_r2', 'regr_slope', 'regr_sxx',
  'regr_sxy', 'regr_syy', 'reservoir_quantile', 'sem', 'skewness', 'stddev', 'stddev_pop', 'stddev_samp', 'string_agg', 'sum', 'sum_no_overflow', 'sumkahan', 'var_pop', 'var_samp', 'variance',
  // Window functions.
  'cume_dist', 'dense_rank', 'first_value', 'lag', 'last_value', 'lead', 'nth_value', 'ntile', 'percent_rank', 'rank', 'rank_dense', 'row_number',
  // Dates and times.
  'age', 'century', 'current_date', 'current_localtime', 'current_localtimestamp', 'date_diff', 'date_part', 'date_sub', 'date_trunc', 'datediff', 'datepart', 'datesub', 'datetrunc', 'day',
  'dayname', 'dayofmonth', 'dayofweek', 'dayofyear', 'decade', 'epoch', 'epoch_ms', 'epoch_ns', 'epoch_us', 'era', 'get_current_time', 'get_current_timestamp', 'hour', 'isodow', 'isoyear',
  'julian', 'last_day', 'make_date', 'make_time', 'make_timestamp', 'make_timestamp_ms', 'make_timestamp_ns', 'make_timestamptz', 'microsecond', 'millennium', 'millisecond', 'minute', 'month',
  'monthname', 'nanosecond', 'normalized_interval', 'now', 'quarter', 'second', 'strftime', 'strptime', 'time_bucket', 'timezone', 'timezone_hour', 'timezone_minute', 'to_centuries',
  'to_days', 'to_decades', 'to_hours', 'to_microseconds', 'to_millennia', 'to_milliseconds', 'to_minutes', 'to_months', 'to_quarters', 'to_seconds', 'to_timestamp', 'to_weeks', 'to_years',
  'today', 'transaction_timestamp', 'try_strptime', 'week', 'weekday', 'weekofyear', 'year', 'yearweek',
  // JSON (reading and building values; not serialised SQL or plans).
  'array_to_json', 'from_json', 'from_json_strict', 'json_array', 'json_array_length', 'json_contains', 'json_exists', 'json_extract', 'json_extract_path', 'json_extract_path_text',
  'json_extract_string', 'json_keys', 'json_merge_patch', 'json_object', 'json_pretty', 'json_quote', 'json_structure', 'json_transform', 'json_transform_strict', 'json_type', 'json_valid',
  'json_value', 'row_to_json', 'to_json',
  // Maps, structs, unions, enums, lists and types.
  'array_extract', 'cardinality', 'contains', 'element_at', 'map', 'map_concat', 'map_contains', 'map_entries', 'map_extract', 'map_extract_value', 'map_from_entries', 'map_keys', 'map_values',
  'remap_struct', 'row', 'struct_concat', 'struct_contains', 'struct_extract', 'struct_extract_at', 'struct_has', 'struct_indexof', 'struct_insert', 'struct_keys', 'struct_pack',
  'struct_position', 'struct_update', 'struct_values', 'union_extract', 'union_tag', 'union_value', 'enum_code', 'enum_first', 'enum_last', 'enum_range', 'enum_range_boundary', 'typeof',
  'can_cast_implicitly', 'get_bit', 'set_bit', 'bit_count', 'bit_position', 'bitstring',
  // UUIDs, errors and collation.
  'gen_random_uuid', 'uuid', 'uuidv4', 'uuidv7', 'uuid_extract_timestamp', 'uuid_extract_version', 'error', 'icu_sort_key',
  // Built-in macros that only compute.
  'array_append', 'array_pop_back', 'array_pop_front', 'array_prepend', 'array_push_back', 'array_push_front', 'array_reverse', 'array_to_string', 'current_catalog', 'current_schema',
  'date_add', 'generate_subscripts', 'ifnull', 'list_append', 'list_prepend', 'list_reverse', 'nullif', 'coalesce', 'greatest', 'least', 'fdiv', 'fmod', 'round_even', 'roundbankers',
  'split_part', 'left', 'right', 'iff', 'regexp_split_to_table',
]);

/** Collation functions DuckDB generates per language (`icu_collate_de`, …): they only compare text. */
export const ALLOWED_FUNCTION_PATTERN = /^icu_collate_[a-z_]+$/;
