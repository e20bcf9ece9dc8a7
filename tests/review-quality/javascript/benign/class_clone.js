class Bag {
  constructor(items) {
    this.items = items;
  }
  clone() {
    return new this.constructor(this.items.slice());
  }
}
const pattern = /v(\d+)/;
const found = pattern.exec('v12');
const bag = new Bag([found[1]]);
console.log(bag.clone().items[0], { mode: 'fast' }['mode']);
if (require.main === module) {
  console.log('main');
}
