/**
 * Editor power features (gatekeeper). The editor loads this module lazily through
 * toolbar/PowerSlot.tsx: PowerToolbar goes in the editor toolbar, PowerPanels beside the canvas.
 */
import './power.css';
export { PowerPanel as PowerPanels, PowerToolbar } from './PowerToolbar';
