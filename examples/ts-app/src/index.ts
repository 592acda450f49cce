import { Invoice } from './invoice.js';

const invoice = new Invoice([{ description: 'Widget', quantity: 2, unitPrice: 9.5 }]);
const total: string = invoice.total();
console.log(`Total: ${total}`);
