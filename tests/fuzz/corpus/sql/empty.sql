-- nothing but a comment
   
