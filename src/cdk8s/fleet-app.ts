import { ApiObject, App, AppProps, Chart, DependencyGraph } from 'cdk8s';
import { propsObject } from '../core/primitives/validation/strict-props';

/**
 * An `App` for many charts, e.g. one chart per cluster of a fleet: the same output as `App`,
 * byte for byte, in time linear in the number of charts.
 *
 * `App.synth()` and `App.synthYaml()` resolve dependencies and validate the whole app once, then
 * call `toJson()` on every chart -- and `Chart.toJson()` resolves and validates the whole app
 * again, so a plain `App` with N charts does that N + 1 times and synthesis grows with N squared
 * (1,000 one-cluster charts: seconds of repeated validation for every chart). During its own
 * `synth()` and `synthYaml()`, `FleetApp` has each chart return its objects without repeating
 * the app-wide work that was just done. Charts that override `toJson()` keep their own.
 *
 * Use it in place of `App`: `const app = new FleetApp(); ...; app.synth();` (`cdk8s synth`
 * runs the app as before).
 */
export class FleetApp extends App {
  constructor(props: AppProps = {}) {
    super(propsObject(props));
  }

  /** Synthesizes all manifests to the output directory, as `App.synth()` does, validating the app once. */
  public synth(): void {
    this.withSinglePassCharts(() => super.synth());
  }

  /** Synthesizes the app into a YAML string, as `App.synthYaml()` does, validating the app once. */
  public synthYaml(): string {
    return this.withSinglePassCharts(() => super.synthYaml());
  }

  private withSinglePassCharts<T>(synthesize: () => T): T {
    const charts = this.node.findAll().filter((c): c is Chart => Chart.isChart(c) && c.toJson === Chart.prototype.toJson);
    // The app-wide steps run once at the start of synth()/synthYaml(); within that call each
    // chart's toJson() only has to list its own objects in dependency order, as cdk8s does.
    charts.forEach((chart) => Object.defineProperty(chart, 'toJson', { configurable: true, value: () => chartObjects(chart) }));
    try {
      return synthesize();
    } finally {
      charts.forEach((chart) => delete (chart as { toJson?: unknown }).toJson);
    }
  }
}

/** A chart's objects as cdk8s's `Chart.toJson()` lists them once the app is resolved and validated. */
function chartObjects(chart: Chart): unknown[] {
  return new DependencyGraph(chart.node).topology()
    .filter((c): c is ApiObject => c instanceof ApiObject && Chart.of(c) === chart)
    .map((apiObject) => apiObject.toJson());
}
