SELECT $body$ 1; 
