// What a failed API call looks like to the pages, and the sentences they show for it.
import axios from 'axios';
import { NOT_SIGNED_IN, TOKEN_REFRESH_FAILED } from './client';

/** Error body of the portal API: `{ error, message, field? }`. */
export interface ApiErrorBody {
  error: string;
  message: string;
  /** Path of the offending field for a 400, "name" for a 409. */
  field?: string;
}

/**
 * An RTK Query error: the HTTP status when the server answered, otherwise why it did not
 * (network down, request cancelled, not signed in).
 */
export interface ApiError {
  status: number | 'NETWORK_ERROR' | 'CANCELLED' | 'NOT_SIGNED_IN' | 'INVALID_RESPONSE';
  data: unknown;
}

export function toApiError(error: unknown): ApiError {
  if (axios.isCancel(error)) return { status: 'CANCELLED', data: undefined };
  if (axios.isAxiosError(error)) {
    if (error.response) return { status: error.response.status, data: error.response.data };
    if (error.code === NOT_SIGNED_IN || error.code === TOKEN_REFRESH_FAILED) {
      return { status: 'NOT_SIGNED_IN', data: { error: error.code, message: error.message } };
    }
    return { status: 'NETWORK_ERROR', data: { error: error.code ?? 'network', message: error.message } };
  }
  return { status: 'NETWORK_ERROR', data: { error: 'unknown', message: String(error) } };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/** A sentence for the user. The server's own message wins when it sent one. */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong.';
  const { status, data } = error;
  if ((typeof status === 'number' || status === 'INVALID_RESPONSE') && isApiErrorBody(data) && data.message) return data.message;
  switch (status) {
    case 'NETWORK_ERROR':
      return 'The Dataworks service could not be reached. Check your connection and try again.';
    case 'NOT_SIGNED_IN':
      return 'Your session has ended. You are being sent to sign in.';
    case 'CANCELLED':
      return 'The request was cancelled.';
    case 401:
      return 'Your session has ended. You are being sent to sign in.';
    case 403:
      return 'You do not have permission to do this.';
    case 404:
      return 'Not found.';
    case 413:
      return 'What you sent is too large.';
    default:
      return typeof status === 'number' && status >= 500
        ? 'The Dataworks service had a problem. Try again in a moment.'
        : `The request failed (${String(status)}).`;
  }
}

/** The field the server blamed (400 validation, 409 duplicate), if any. */
export function apiErrorField(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return isApiErrorBody(error.data) ? error.data.field : undefined;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
