// rjsf's CommonJS build requires its Ajv validator for a test registry the portal never uses
// (the pages validate with @cfworker/json-schema, as Ajv's compiled code breaks the CSP). The
// package is not installed; this empty module satisfies that one require under jest.
export default {};
