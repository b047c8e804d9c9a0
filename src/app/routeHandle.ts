// What each route carries for the pages around it (the document title, recent pages).
export interface RouteHandle {
  title: string;
}
