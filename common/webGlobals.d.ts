// The WHATWG URL class is a global in browsers and in Node alike, but the ES libraries this
// project compiles common/ with do not declare it. Only common/'s own project reads this file
// (src/ and server/ have their runtime's full declaration).
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
}
