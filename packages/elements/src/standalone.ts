/**
 * The standalone bundle `cloudportal-elements.js`: React and the SDK inside, for a plain
 * `<script type="module">`. Loading it defines every cp-* element; its exports are the imperative API.
 */
import { defineElements } from './index';

export * from './index';

defineElements();
