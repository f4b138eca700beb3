/**
 * Editor power features (gatekeeper). The editor loads this module lazily through
 * toolbar/PowerSlot.tsx: PowerToolbar goes in the editor toolbar, PowerPanels beside the canvas.
 * The create-campaign dialog imports ./TemplatePicker directly (it lives outside the editor chunk).
 */
import './power.css';
export { PowerPanel as PowerPanels, PowerToolbar } from './PowerToolbar';
