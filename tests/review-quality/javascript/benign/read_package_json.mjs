import { readFileSync } from 'fs';
const data = JSON.parse(readFileSync('package.json', 'utf8'));
console.log(data.name);
