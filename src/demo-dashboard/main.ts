// A demo dashboard page, served by the portal for the demo organisations and embedded by the
// Viewer. It charts figures the server computed from the organisation's sample warehouse
// and shows them as tables too, so the numbers are readable without the canvas.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { DemoChart, DemoDashboardData } from '@common/demo-dashboards/dashboardData';
import './demoDashboard.css';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const palette = ['#2563eb', '#16a34a', '#ea580c', '#9333ea', '#0891b2', '#dc2626', '#ca8a04'];
const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function table(chart: DemoChart): HTMLElement {
  const details = element('details');
  details.append(element('summary', `${chart.title}: the figures`));
  const grid = element('table');
  const head = grid.createTHead().insertRow();
  head.append(element('th', ''), ...chart.series.map((series) => element('th', `${series.label} (${chart.unit})`)));
  const body = grid.createTBody();
  chart.labels.forEach((label, index) => {
    const row = body.insertRow();
    row.append(element('th', label), ...chart.series.map((series) => element('td', number.format(series.values[index] ?? 0))));
  });
  details.append(grid);
  return details;
}

function render(data: DemoDashboardData): void {
  const root = document.getElementById('dashboard');
  if (!root) return;
  document.title = `${data.title} | Dataworks demo`;
  root.append(element('h1', data.title), element('p', data.source, 'source'));
  const figures = element('dl', undefined, 'figures');
  for (const figure of data.figures) {
    const box = element('div');
    box.append(element('dt', figure.label), element('dd', figure.value));
    figures.append(box);
  }
  root.append(figures);
  for (const chart of data.charts) {
    const section = element('section');
    section.append(element('h2', chart.title));
    const canvas = element('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `${chart.title}; the figures are in the table below`);
    section.append(canvas, table(chart));
    root.append(section);
    new Chart(canvas, {
      type: chart.kind,
      data: {
        labels: chart.labels,
        datasets: chart.series.map((series, index) => ({
          label: series.label,
          data: series.values,
          backgroundColor: palette[index % palette.length],
          borderColor: palette[index % palette.length],
          pointRadius: 0,
        })),
      },
      options: {
        responsive: true,
        animation: false,
        scales: {
          x: { stacked: chart.stacked ?? false },
          y: { stacked: chart.stacked ?? false, title: { display: true, text: chart.unit } },
        },
      },
    });
  }
}

const source = document.getElementById('dashboard-data');
if (source?.textContent) render(JSON.parse(source.textContent) as DemoDashboardData);
