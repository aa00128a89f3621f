from django.urls import path

from play.privacy import views

urlpatterns = [
    path("privacy/", views.privacy, name="privacy"),
    path("settings/delete/", views.delete_account, name="delete-account"),
    path("settings/data/", views.download, name="download-data"),
]
