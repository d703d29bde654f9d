int placeholder();
