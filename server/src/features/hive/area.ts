// Hive: the organisation's community questions and answers.
import { defineArea } from '../../platform/area/index.js';
import { faqPort, helpSearchSources } from '../../platform/ports/index.js';
import { hiveSearchSource } from './helpSearch.js';
import { registerHiveRoutes } from './hiveRoutes.js';

export const area = defineArea({
  id: 'hive',
  register({ app, db, ports, notifications }) {
    ports.extend(helpSearchSources, hiveSearchSource(db));
    // The FAQ is the knowledge area's; promotions reach it through the FAQ port.
    registerHiveRoutes(app, db, ports.later(faqPort), notifications);
  },
});
